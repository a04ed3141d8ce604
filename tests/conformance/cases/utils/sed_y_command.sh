echo 'hello world' | sed 'y/abcdefghij/ABCDEFGHIJ/'
echo 'a b c' | sed 'y/ /\n/'
echo 'a/b' | sed 'y,/,|,'
echo 'x\y' | sed 'y/\\/+/'
