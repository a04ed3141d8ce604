# check-stderr
echo $(( 1 + ))
echo "next line status=$?"
