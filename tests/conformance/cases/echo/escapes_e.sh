echo -e 'a\tb\nc\\d'
echo -e 'x\x41\0102y'
echo -e 'stop\cignored'
echo after
