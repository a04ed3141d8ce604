command time -f '' hostname | wc -l
