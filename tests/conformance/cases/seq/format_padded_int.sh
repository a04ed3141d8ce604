seq -f 'n%03g' 8 11
