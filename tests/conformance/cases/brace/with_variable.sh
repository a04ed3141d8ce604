x=1
echo {$x,2}
n=3
echo {1..$n}
