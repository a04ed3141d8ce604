HOME=/home/user
x=~/a
y=a:~/b
echo $x $y
