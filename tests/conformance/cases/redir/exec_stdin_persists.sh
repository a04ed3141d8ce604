printf 'l1\nl2\n' > in.txt
exec < in.txt
read -r a
read -r b
echo "$a $b"
