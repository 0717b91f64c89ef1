// Drawings of where each number is on a draw game ticket and a Scratchcard, made for this
// service (not photos of real tickets). The caption beside each says the same in words.

export type PinkPart = 'serial' | 'term' | 'signature';
export type WhitePart = 'serial' | 'retailer' | 'signature';
export type ScratchcardPart = 'barcode' | 'serial' | 'virn' | 'signature';

interface PartProps<T extends string> {
  highlight?: T;
  className?: string;
}

const HIGHLIGHT = '#ffdd00';
const OUTLINE = '#0b0c0c';

function Marker({
  x,
  y,
  width,
  height,
  on,
}: {
  x: number;
  y: number;
  width: number;
  height: number;
  on: boolean;
}) {
  if (!on) return null;
  return (
    <g>
      <rect
        x={x - 4}
        y={y - 4}
        width={width + 8}
        height={height + 8}
        rx="6"
        fill={HIGHLIGHT}
        opacity=".55"
      />
      <rect
        x={x - 4}
        y={y - 4}
        width={width + 8}
        height={height + 8}
        rx="6"
        fill="none"
        stroke={OUTLINE}
        strokeWidth="3"
      />
    </g>
  );
}

function NumberRows({ x, y, colour }: { x: number; y: number; colour: string }) {
  return (
    <g fill={colour}>
      {[0, 1, 2, 3].map((row) => (
        <g key={row}>
          <text x={x} y={y + row * 16} fontSize="11" fontFamily="monospace">
            {String.fromCharCode(65 + row)}
          </text>
          {[0, 1, 2, 3, 4, 5].map((column) => (
            <circle
              key={column}
              cx={x + 22 + column * 20}
              cy={y - 4 + row * 16}
              r="6"
              fill="none"
              stroke={colour}
              strokeWidth="1.5"
            />
          ))}
        </g>
      ))}
    </g>
  );
}

function Barcode({ x, y, width, height }: { x: number; y: number; width: number; height: number }) {
  const bars = [2, 1, 3, 1, 1, 2, 1, 3, 2, 1, 1, 2, 3, 1, 2, 1, 1, 3, 1, 2, 2, 1, 3, 1, 1, 2, 1, 2];
  let cursor = x;
  const unit = width / bars.reduce((sum, bar) => sum + bar + 1, 0);
  return (
    <g fill={OUTLINE}>
      {bars.map((bar, index) => {
        const rect = <rect key={index} x={cursor} y={y} width={bar * unit} height={height} />;
        cursor += (bar + 1) * unit;
        return rect;
      })}
    </g>
  );
}

export function PinkTicketIllustration({ highlight, className }: PartProps<PinkPart>) {
  if (highlight === 'signature') {
    return (
      <svg
        className={className}
        viewBox="0 0 320 190"
        width="320"
        height="190"
        aria-hidden="true"
        focusable="false"
      >
        <rect
          x="6"
          y="6"
          width="308"
          height="178"
          rx="10"
          fill="#f7d6e4"
          stroke="#a3385f"
          strokeWidth="2"
        />
        <text x="24" y="34" fontSize="14" fontWeight="700" fill="#6b1f3c">
          BACK OF TICKET
        </text>
        <g fill="#a3385f" opacity=".6">
          <rect x="24" y="48" width="200" height="6" rx="3" />
          <rect x="24" y="62" width="240" height="6" rx="3" />
          <rect x="24" y="76" width="180" height="6" rx="3" />
        </g>
        <text x="24" y="122" fontSize="12" fill="#6b1f3c">
          Name
        </text>
        <path d="M70 124h200" stroke="#6b1f3c" strokeWidth="1.5" />
        <text x="24" y="154" fontSize="12" fill="#6b1f3c">
          Signature
        </text>
        <path d="M90 156h180" stroke="#6b1f3c" strokeWidth="1.5" />
        <path
          d="M96 150c10-14 16 6 24-4s12-8 16 2 14-10 22 0"
          fill="none"
          stroke="#1d3f6e"
          strokeWidth="2"
        />
        <Marker x={20} y={108} width={256} height={54} on />
      </svg>
    );
  }
  return (
    <svg
      className={className}
      viewBox="0 0 320 190"
      width="320"
      height="190"
      aria-hidden="true"
      focusable="false"
    >
      <rect
        x="6"
        y="6"
        width="308"
        height="178"
        rx="10"
        fill="#f7d6e4"
        stroke="#a3385f"
        strokeWidth="2"
      />
      <text x="24" y="34" fontSize="18" fontWeight="700" fill="#6b1f3c">
        LOTTO
      </text>
      <text x="210" y="34" fontSize="11" fill="#6b1f3c">
        SAT 14 NOV
      </text>
      <NumberRows x={24} y={62} colour="#6b1f3c" />
      <Barcode x={180} y={54} width={112} height={40} />
      <text x="24" y="142" fontSize="11" fill="#6b1f3c">
        TERM
      </text>
      <text x="60" y="142" fontSize="12" fontFamily="monospace" fill={OUTLINE}>
        40123456
      </text>
      <text x="24" y="168" fontSize="12" fontFamily="monospace" fill={OUTLINE}>
        1234-123456789-123456
      </text>
      <Marker x={20} y={155} width={166} height={16} on={highlight === 'serial'} />
      <Marker x={56} y={129} width={66} height={16} on={highlight === 'term'} />
    </svg>
  );
}

export function WhiteTicketIllustration({ highlight, className }: PartProps<WhitePart>) {
  return (
    <svg
      className={className}
      viewBox="0 0 320 190"
      width="320"
      height="190"
      aria-hidden="true"
      focusable="false"
    >
      <rect
        x="6"
        y="6"
        width="308"
        height="178"
        rx="10"
        fill="#fbfbfb"
        stroke="#505a5f"
        strokeWidth="2"
      />
      <text x="24" y="34" fontSize="18" fontWeight="700" fill="#1d3f6e">
        EUROMILLIONS
      </text>
      <text x="24" y="52" fontSize="11" fill="#505a5f">
        RETAILER 204817
      </text>
      <NumberRows x={24} y={76} colour="#1d3f6e" />
      <text x="24" y="152" fontSize="11" fill="#505a5f">
        Signature
      </text>
      <path d="M80 154h100" stroke="#505a5f" strokeWidth="1.5" />
      {highlight === 'signature' && (
        <path
          d="M86 148c10-14 16 6 24-4s12-8 16 2 14-10 22 0"
          fill="none"
          stroke="#1d3f6e"
          strokeWidth="2"
        />
      )}
      <text x="24" y="174" fontSize="10" fontFamily="monospace" fill={OUTLINE}>
        53-1234-5678-9012-34-5-6789-0123-456
      </text>
      <Marker x={20} y={41} width={104} height={14} on={highlight === 'retailer'} />
      <Marker x={20} y={163} width={234} height={14} on={highlight === 'serial'} />
      <Marker x={20} y={140} width={164} height={18} on={highlight === 'signature'} />
    </svg>
  );
}

export function ScratchcardIllustration({ highlight, className }: PartProps<ScratchcardPart>) {
  return (
    <svg
      className={className}
      viewBox="0 0 320 190"
      width="320"
      height="190"
      aria-hidden="true"
      focusable="false"
    >
      <rect
        x="6"
        y="6"
        width="308"
        height="178"
        rx="10"
        fill="#e7f4ea"
        stroke="#00703c"
        strokeWidth="2"
      />
      <text x="24" y="32" fontSize="14" fontWeight="700" fill="#004e2a">
        BACK OF SCRATCHCARD
      </text>
      <g fill="#00703c" opacity=".45">
        <rect x="24" y="42" width="150" height="5" rx="2.5" />
        <rect x="24" y="53" width="170" height="5" rx="2.5" />
      </g>
      <text x="24" y="82" fontSize="11" fill="#004e2a">
        Signature
      </text>
      <path d="M80 84h110" stroke="#004e2a" strokeWidth="1.5" />
      {highlight === 'signature' && (
        <path
          d="M86 78c10-14 16 6 24-4s12-8 16 2 14-10 22 0"
          fill="none"
          stroke="#1d3f6e"
          strokeWidth="2"
        />
      )}
      <rect x="214" y="40" width="80" height="40" rx="4" fill="#c0c4c7" />
      <text x="226" y="64" fontSize="11" fill={OUTLINE}>
        VIRN
      </text>
      <text x="258" y="64" fontSize="12" fontFamily="monospace" fill={OUTLINE}>
        0421
      </text>
      <Barcode x={24} y={104} width={180} height={40} />
      <text x="24" y="162" fontSize="12" fontFamily="monospace" fill={OUTLINE}>
        0123-4567890-123
      </text>
      <text x="214" y="162" fontSize="11" fill="#004e2a">
        SERIAL
      </text>
      <text x="214" y="176" fontSize="12" fontFamily="monospace" fill={OUTLINE}>
        123456789
      </text>
      <Marker x={20} y={100} width={188} height={66} on={highlight === 'barcode'} />
      <Marker x={210} y={148} width={84} height={32} on={highlight === 'serial'} />
      <Marker x={210} y={36} width={88} height={48} on={highlight === 'virn'} />
      <Marker x={20} y={68} width={174} height={20} on={highlight === 'signature'} />
    </svg>
  );
}
