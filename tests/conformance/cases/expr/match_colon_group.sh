expr foo.txt : '\(.*\)\.txt'
