# check-stderr
touch -t 202002291200.59 a; stat -c "%y" a
touch -t 202002291200.60 a; stat -c "%y" a; echo "s=$?"
touch -t 202002291200.61 a; echo "s=$?"
touch -t 202102291200 a; echo "s=$?"
touch -t 202001010000.00 a; stat -c "%Y" a
