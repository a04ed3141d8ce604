# check-stderr
touch -t 202003040506 a; stat -c "%y" a; echo "s=$?"
touch -t 202003040506.07 a; stat -c "%y" a
touch -t 2003040506 a; stat -c "%y" a
touch -t 7003040506 a; stat -c "%y" a
touch -t 6903040506 a; stat -c "%y" a
touch -t 03040506 a; stat -c "%y" a | cut -c5-; echo "s=$?"
touch -t 2020030405 a; echo "s=$?"
touch -t 20201304050 a; echo "s=$?"
touch -t 202013040506 a; echo "s=$?"
touch -t 202003040506.7 a; echo "s=$?"
touch -t zz a; echo "s=$?"
