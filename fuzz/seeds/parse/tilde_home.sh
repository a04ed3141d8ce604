HOME=/home/user
echo ~ ~/x
