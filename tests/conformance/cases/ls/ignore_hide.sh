# check-stderr
mkdir d
touch d/a d/b.txt d/big d/x~ d/.h d/.h~
ls --hide='b*' d; echo "s=$?"
ls -A --hide='b*' d; echo "s=$?"
ls -I 'b*' d; echo "s=$?"
ls -AI 'b*' -I '*~' d; echo "s=$?"
ls -B d; echo "s=$?"
ls -aB d; echo "s=$?"
