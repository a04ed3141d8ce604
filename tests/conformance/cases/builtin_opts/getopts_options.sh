# check-stderr
getopts -- ab o -a
echo "$? $o"
getopts -Q ab o
echo "status=$?"
getopts ab
echo "status=$?"
getopts
echo "status=$?"
