# After a {name}> redirection at the start of a command, words are still
# read as assignments, as after any redirection.
{d}>/dev/null x=5
echo "x=$x"
{d}>/dev/null a=1 b=2 eval 'echo "$a $b"'
echo "[$a]"
{d}>/dev/null y=<(echo sub); echo "${y%/*}"
