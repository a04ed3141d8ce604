# column lays out columns only once it has seen every entry: an endless
# stream stops on the memory budget.
# expect-stop: memory
yes | column
