# check-stderr
set -x
echo "it's" 'q"d' '$x' 'tab	here'
