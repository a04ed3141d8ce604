expr substr hello 2 3; expr substr hello 4 10
