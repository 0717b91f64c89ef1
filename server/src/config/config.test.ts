import { describe, expect, it } from 'vitest';
import { loadConfig, parseByteSize } from './config.ts';

const base = { DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db', SMTP_URL: 'smtp://127.0.0.1:1025' };

describe('configuration', () => {
  it('parses sizes with units', () => {
    expect(parseByteSize('15mb')).toBe(15 * 1024 * 1024);
    expect(parseByteSize('512KB')).toBe(512 * 1024);
    expect(parseByteSize('1000')).toBe(1000);
    expect(parseByteSize('fifteen')).toBeUndefined();
    expect(parseByteSize('0')).toBeUndefined();
  });

  it('gives the documented defaults', () => {
    const config = loadConfig(base, '/repo');
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      maxFileSize: 15 * 1024 * 1024,
      claimInactivityMinutes: 20,
      infoRequestInactivityMinutes: 20,
      addressProvider: 'local',
      logLevel: 'info',
      uploadDir: '/repo/.data/uploads',
    });
  });

  it('stops on an unparseable MAX_FILE_SIZE with the spec message', () => {
    expect(() => loadConfig({ ...base, MAX_FILE_SIZE: 'lots' })).toThrow('Max file size misconfigured');
  });

  it('stops on bad values with one clear line', () => {
    expect(() => loadConfig({ ...base, PORT: 'x' })).toThrow('PORT must be an integer');
    expect(() => loadConfig({ ...base, ADDRESS_PROVIDER: 'google' })).toThrow('ADDRESS_PROVIDER must be one of local, loqate');
    expect(() => loadConfig({ SMTP_URL: base.SMTP_URL })).toThrow('DATABASE_URL is not set');
  });
});

describe('storage configuration', () => {
  it('when nothing is set, then uploads stay on the local disk', () => {
    expect(loadConfig(base, '/repo').storage).toEqual({ kind: 'local' });
  });

  it('when STORAGE=s3, then the bucket, endpoint, region and path style are read', () => {
    const env = { ...base, STORAGE: 's3', S3_BUCKET: 'claims', S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_REGION: 'eu-west-2', S3_FORCE_PATH_STYLE: 'true' };
    expect(loadConfig(env).storage).toEqual({ kind: 's3', bucket: 'claims', endpoint: 'http://127.0.0.1:9000', region: 'eu-west-2', forcePathStyle: true });
  });

  it('when STORAGE=s3 lacks a bucket or names an unknown store, then start-up stops with one line', () => {
    expect(() => loadConfig({ ...base, STORAGE: 's3' })).toThrow('STORAGE=s3 needs S3_BUCKET');
    expect(() => loadConfig({ ...base, STORAGE: 'gcs' })).toThrow('STORAGE must be one of local, s3');
    expect(() => loadConfig({ ...base, STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'ftp://x' })).toThrow('S3_ENDPOINT must use http: or https:');
  });
});
