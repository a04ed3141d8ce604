echo 'a\tb\n'
echo -E 'a\tb'
