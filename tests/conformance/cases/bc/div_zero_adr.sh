# check-stderr
printf '10/0\na=1;b=0;a/b\n(1+2)/0\n1%%0\n' | bc
