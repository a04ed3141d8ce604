# expr multiplies arbitrary-precision integers: a product whose result
# would run to hundreds of thousands of digits is refused rather than
# computed (status 3), and squaring an ever-growing number in a loop is
# bounded the same way.
# expect-stop: none
# expect-stdout: status 3
# expect-stderr-contains: result too large
# expect-max-seconds: 5
n=9; st=0; for i in $(seq 20); do n=$(expr $n \* $n) || { st=$?; break; }; done; echo "status $st"
