# check-stderr
mkdir d1 d2
touch f1 f2 d1/x d2/y
ls d1 f2 d2 f1; echo "s=$?"
ls nosuch f1; echo "s=$?"
ls nosuch; echo "s=$?"
ls -d d1 d2 f1; echo "s=$?"
ls d2 d1; echo "s=$?"
