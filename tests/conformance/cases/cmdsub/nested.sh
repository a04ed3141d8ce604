echo $(echo a $(echo b $(echo c)))
