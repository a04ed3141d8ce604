echo $(echo hi)
