import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVICE_NAME, tracingSettings } from './tracing-settings.ts';

describe('tracing settings', () => {
  it('when no OTLP endpoint is set, then tracing is off', () => {
    expect(tracingSettings({})).toBeUndefined();
    expect(tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).toBeUndefined();
    expect(tracingSettings({ OTEL_SERVICE_NAME: 'claims' })).toBeUndefined();
  });

  it('when either standard endpoint is set, then tracing is on under the product name by default', () => {
    expect(tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toEqual({
      serviceName: DEFAULT_SERVICE_NAME,
    });
    expect(
      tracingSettings({
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces',
        OTEL_SERVICE_NAME: 'claims-eu-west-2',
      }),
    ).toEqual({ serviceName: 'claims-eu-west-2' });
  });

  it('when OTEL_SDK_DISABLED is true, then tracing is off whatever the endpoint', () => {
    expect(
      tracingSettings({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_SDK_DISABLED: 'TRUE',
      }),
    ).toBeUndefined();
    expect(
      tracingSettings({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_SDK_DISABLED: 'false',
      }),
    ).toBeDefined();
  });
});
