echo -ne 'a\tb\n'
echo -en 'c\n'
