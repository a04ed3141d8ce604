# check-stderr
touch b a c .h
mkdir d
ls; echo "s=$?"
ls -1; echo "s=$?"
ls -a; echo "s=$?"
ls -A; echo "s=$?"
ls d; echo "s=$?"
ls -d d; echo "s=$?"
ls a d; echo "s=$?"
