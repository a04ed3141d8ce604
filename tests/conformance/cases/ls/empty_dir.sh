# check-stderr
mkdir e
ls e; echo "s=$?"
ls -l e; echo "s=$?"
ls -a e; echo "s=$?"
ls -R e; echo "s=$?"
ls; echo "s=$?"
