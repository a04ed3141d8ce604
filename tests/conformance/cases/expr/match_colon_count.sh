expr abcdef : 'abc'; expr abcdef : 'b'; expr abcdef : '.*'
