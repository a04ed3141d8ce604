kill -l
