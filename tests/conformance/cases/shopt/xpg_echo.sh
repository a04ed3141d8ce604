shopt -s xpg_echo
echo 'a\tb'
echo -E 'c\td'
