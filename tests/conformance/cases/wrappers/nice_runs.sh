nice echo hi; echo $?
nice -n 5 echo five
nice sh -c 'exit 4'; echo $?
