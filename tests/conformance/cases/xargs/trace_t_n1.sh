# check-stderr
printf 'a b\n' | xargs -t -n1 echo 2>&1
