# check-stderr
set -v
f() {
  echo in f
}
f; eval 'echo ev'
x=$(echo sub)
echo "$x" # comment
set +v
echo quiet
