HOME=/home/user
echo a~b a/~
