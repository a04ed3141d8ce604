# check-stderr
alias 'a/b=echo x'
echo "status=$?"
