# check-stderr
touch -d "2020-01-01" f
ls -l f | awk "{print \$1, NF}"; echo "s=$?"
ls -g f | awk "{print \$1, NF}"; echo "s=$?"
ls -o f | awk "{print \$1, NF}"; echo "s=$?"
ls -lG f | awk "{print \$1, NF}"; echo "s=$?"
ls -n f | awk "{print \$1, NF}"; echo "s=$?"
ls -i f | awk "{print NF}"; echo "s=$?"
