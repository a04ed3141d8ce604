# check-stderr
touch -d "2020-01-15 10:00" r
touch -r r -d yesterday a; stat -c "%y" a
touch -r r -d tomorrow b; stat -c "%y" b
touch -r r -d "next month" c; stat -c "%y" c
touch -r r -d "3 weeks ago" d; stat -c "%y" d
touch -r r -d "noon" e; stat -c "%y" e
