( echo $(( 2 * )) ) 2>/dev/null
echo "status=$?"
