basename plain
