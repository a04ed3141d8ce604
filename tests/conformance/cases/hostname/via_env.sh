env hostname | wc -l
