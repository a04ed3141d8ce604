# check-stderr
shopt -s nosuchshopt
echo "status=$?"
