# shuf must hold every line to permute them: an endless stream stops on
# the memory budget. (With -n it keeps a sample of N lines only.)
# expect-stop: memory
yes | shuf
