echo $(( $(echo 2) * 3 ))
