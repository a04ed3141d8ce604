echo | xargs hostname | wc -l
