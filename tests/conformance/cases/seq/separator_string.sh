seq -s ' + ' 1 4
