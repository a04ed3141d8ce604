# check-stderr
touch -d "2020-01-01" a b c
stat -c "%n %y" a b c
touch -m -t 202101010000 a c
stat -c "%n %y" a b c
