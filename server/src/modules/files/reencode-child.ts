import { reencodeImage } from './reencode-image.ts';

/**
 * The re-encoding child process (reencoder.ts starts it under a memory limit): one image, then
 * exit. Prints the content type of what it wrote and its peak resident memory; any failure is its
 * exit code.
 */
const [inputPath, contentType, outputPath] = process.argv.slice(2);
if (!inputPath || !contentType || !outputPath)
  throw new Error('usage: reencode-child <input> <content type> <output>');
const written = await reencodeImage(inputPath, contentType, outputPath);
process.stdout.write(
  JSON.stringify({ contentType: written, peakRssBytes: process.resourceUsage().maxRSS * 1024 }),
);
