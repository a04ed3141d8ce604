printf '[%-10s][%10s][%.2s]\n' ab cd efgh
printf '[%*d]\n' 5 3
