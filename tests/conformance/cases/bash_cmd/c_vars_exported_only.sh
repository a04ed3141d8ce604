x=1; bash -c 'echo "[$x]"'
export x; bash -c 'echo "[$x]"'
