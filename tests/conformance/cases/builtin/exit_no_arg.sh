false
exit
