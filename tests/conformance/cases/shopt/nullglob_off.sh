echo *.none
