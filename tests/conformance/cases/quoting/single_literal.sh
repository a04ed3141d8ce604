echo 'a  b $x `c` \n "d"'
