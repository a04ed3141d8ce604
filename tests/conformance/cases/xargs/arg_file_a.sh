printf 'p\nq\n' > list
xargs -a list echo got
