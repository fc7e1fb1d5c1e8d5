// Placeholder: the CLI lands with issue 2.
process.stderr.write('typefetch: not implemented yet\n');
process.exitCode = 1;
