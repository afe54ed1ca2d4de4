"""Every word the board drawing and the widgets show, in English and Russian, in one place.

Cell, industry and board names come from the board file (full and short names in both languages);
everything else a screen shows comes from here. Keys are ``area.name``; a text may hold
``{fields}`` that :func:`word` fills in. Both languages have exactly the same keys (a test checks).

Examples
--------
>>> word("ru", "table.roll")
'Бросить кубики'
>>> word("en", "board.turn", round=3, player="Anna")
'Round 3 · Anna to play'
>>> strategy_label("ru", "monopolist")
'монополист'
"""

from __future__ import annotations

import re
from typing import Any

LANGS = ("en", "ru")

WORDS: dict[str, dict[str, str]] = {
    "en": {
        # the board drawing
        "board.turn": "Round {round} · {player} to play",
        "board.over": "Game over: {winner} wins",
        "board.fund": "Charity fund: {amount}",
        "board.box": "Jackpot box: {amount}",
        "board.bankrupt": "bankrupt",
        "board.detained_share": "{value} detained",
        "board.legend_owner": "owner",
        "board.legend_branch": "{small}",
        "board.legend_enterprise": "{large}",
        "board.legend_mortgaged": "mortgaged",
        # the printout (millionaire print)
        "print.title": "{board}: print and play",
        "print.tile": "{board} · board page: row {row}, column {col} of {tiles} × {tiles}. Cut along the dashed line and join the pages.",
        "print.price": "Price", "print.industry": "Industry", "print.rent_at": "Rent: {level}",
        "print.build_price": "Each building costs", "print.rent_owned": "Rent with {owned} owned",
        "print.dice_times": "Rent with {owned} owned: dice", "print.mortgage": "Mortgage value",
        "print.dice_title": "Tally sheet: the dice",
        "print.dice_how": "Roll two dice, the first one down the side, the second across, and make one tally mark in the square where the two faces meet. The grey squares are doubles. Then type the counts into the class CSV (rows of kind dice).",
        "print.die1": "first die", "print.die2": "second die",
        "print.group": "Group: ____________   Rolls in all: ________",
        "print.landing_title": "Tally sheet: where the tokens stop",
        "print.landing_how": "During a game, make one tally mark on a cell each time a token stops there: after a roll, after a card moves it, after a jump. Mark a detention on the last line. Then type the counts into the class CSV (rows of kind landing and detained).",
        "print.detained_line": "Detained ({cell})", "print.jail_line": "Sent to {cell}",
        # strategies, as the widgets and the CLI name them
        "strategy.human": "human", "strategy.cautious": "cautious", "strategy.aggressive": "aggressive",
        "strategy.monopolist": "monopolist", "strategy.random": "random",
        # the game table
        "table.roll": "Roll the dice", "table.end_turn": "End turn", "table.buy": "Buy ({price})",
        "table.decline": "Decline: auction", "table.pass": "Pass", "table.skip": "Skip",
        "table.pay_fine": "Pay the fine ({fine})", "table.use_jail_card": "Use the release card",
        "table.accept": "Accept", "table.reject": "Reject", "table.choose": "{cell}", "table.build": "Build on {cell}",
        "table.sell": "Sell a building on {cell}", "table.mortgage": "Mortgage {cell} (+{money})",
        "table.redeem": "Redeem {cell} (−{money})", "table.use_card": "Use the card on {cell}", "table.bid": "Bid",
        "table.bet": "Bet", "table.offer": "Offer the trade", "table.do": "Do it", "table.manage": "Build, sell, mortgage",
        "table.undo": "Undo my last move", "table.bots": "Bots play until my turn", "table.auto": "Play rounds automatically",
        "table.rounds": "Rounds", "table.play_rounds": "Play them", "table.new": "New game",
        "table.over": "Game over: {winner} wins ({reason}).", "table.to_play": "{player}: {what}",
        "table.bot_turn": "{player} (bot) is next: press “{bots}”.",
        "table.bots_wait": "Your decision comes first: answer it, then the bots play.",
        "table.partner": "Partner", "table.give": "I give", "table.take": "I take", "table.give_cash": "Money I give",
        "table.take_cash": "Money I take", "table.nothing_to_undo": "Nothing to undo.", "table.players": "Players",
        "table.board": "Board", "table.lang": "Language", "table.seed": "Game number", "table.seat": "Seat {seat}",
        "table.cash": "cash", "table.worth": "net worth", "table.plots": "plots", "table.detained": "detained",
        "table.bankrupt": "bankrupt", "table.instant": "Bots answer at once", "table.amount": "Amount",
        "table.setup": "New game: board, players, seats", "table.trade": "Trade with a player",
        "table.more": "More: auto-play, undo", "table.log": "What happened", "table.your_turn": "Your move",
        "table.choose_partner": "Choose a partner first.", "table.bad_seed": "The game number must be 0 or more, got {seed}.",
        "table.bad_players": "Players: 2 to 6, got {count}.", "table.bad_amount": "The amount must be a whole number, got {value}.",
        "table.bad_partner": "There is no player {partner} to trade with.", "table.bad_cells": "Not a plot to trade: {cells}.",
        "table.bad_rounds": "Rounds must be a whole number from 1, got {rounds}.", "table.no_human": "Only bots play: use “{auto}”.",
        "decision.roll": "roll the dice (or build, sell or mortgage first)", "decision.manage": "build, sell or mortgage, then end the turn",
        "decision.buy": "buy {cell} or send it to auction", "decision.bid": "auction for {cell}: the highest bid is {high}",
        "decision.jackpot": "play the slot machine?", "decision.choose": "choose a cell for the card",
        "decision.raise": "raise {amount} to pay a debt: sell or mortgage", "decision.trade_reply": "a trade is offered: {trade}",
        "decision.between": "build before the next turn if you wish, then end this window",
        "decision.building_bid": "the bank is short of buildings: auction for one on {cell}, the highest bid is {high}",
        # the tournament runner
        "tournament.board": "Board", "tournament.strategies": "Strategies:", "tournament.games": "Games",
        "tournament.seed": "Seed", "tournament.run": "Run", "tournament.preset": "as the rules say",
        "tournament.strategy": "strategy", "tournament.rate": "share of games won", "tournament.interval": "95% interval",
        "tournament.fair": "A fair share is {fair:.0%}. Games: {games}; median length {median:.0f} rounds; stopped by the "
                           "round limit ({limit} rounds, the richest declared the winner): {stopped} ({share:.0%}).",
        "tournament.rates_title": "Win rates with 95% intervals", "tournament.round": "round",
        "tournament.gini": "Gini of net worth", "tournament.gini_title": "Inequality over the game",
        "tournament.option_circular_income": "Circular income", "tournament.option_monopoly_multiplier": "Monopoly multiplier",
        "tournament.option_redemption_fee": "Redemption fee", "tournament.option_start_cash": "Start cash",
        "tournament.progress": "games played: {done} of {total}",
        "tournament.bad_strategies": "Choose strategies among {known}; got {got}.",
        "tournament.bad_games": "Games: a whole number from 1 to 10000, got {games}.",
        "tournament.bad_rule": "{option} = {value} is not offered; the choices are {allowed}.",
        "tournament.no_strategy": "Tick at least one strategy.",
        # the landing explorer
        "landing.board": "Board", "landing.jail": "At the Inspection (jail)", "landing.jail_short": "leave at once",
        "landing.jail_long": "stay as long as allowed", "landing.view": "Show", "landing.turns": "Turns from START",
        "landing.long_run": "Long run", "landing.simulate": "Simulate", "landing.rolls": "Rolls", "landing.top": "Most likely",
        "landing.exact": "exact (Markov chain)", "landing.simulated": "simulated", "landing.detained": "detained",
        "landing.detained_short": "D", "landing.cell_axis": "cell ({short} = detained)",
        "landing.view_roll": "share of rolls ending on the cell", "landing.view_turn": "share of turns ending on the cell",
        "landing.view_landing": "landings per turn",
        "landing.axis_roll": "share of rolls", "landing.axis_turn": "share of turns", "landing.axis_landing": "per turn",
        "landing.bad_turns": "Turns: a whole number from 0 to {most}, got {turns}.",
        "landing.bad_choice": "{value} is not one of {allowed}.",
        "landing.bad_rolls": "Rolls: a whole number from 1000 to 10^8, got {rolls}.",
        "landing.simulate_long_run": "The simulation shows the long run: tick “{long_run}” first.",
        # the economics labs
        "econ.board": 'Board',
        "econ.industry": 'Industry',
        "econ.level": 'Level',
        "econ.opponents": 'Opponents',
        "econ.plot": 'Plot',
        "econ.rounds": 'Rounds',
        "econ.bet": 'Bet',
        "econ.box": 'Box',
        "econ.spins": 'Spins',
        "econ.spin": 'Spin',
        "econ.invest_summary": '<b>{name}</b>, level {level}: cost {cost}, income {income:.1f} per round, payback {payback:.1f} rounds',
        "econ.invest_best": '; the best next step from level {level} (one more building on every plot): <b>{name}</b> ({rate:.1%} of its cost back per round)',
        "econ.col_level": 'level',
        "econ.col_cost": 'cost',
        "econ.col_income": 'income / round',
        "econ.col_payback": 'payback, rounds',
        "econ.col_this": 'this step returns',
        "econ.col_next": 'next step returns',
        "econ.invest_axis": 'payback, rounds',
        "econ.invest_title": 'Payback of every industry at level {level}, {opponents} opponents',
        "econ.mortgage_summary": 'Mortgage {name}: raise {raised}, redeem for {cost} (fee {fee}, {rate:.0%} of the loan). Redeemed after {rounds} rounds: <b>{compound:.2%} per round</b> ({simple:.2%} simple).',
        "econ.mortgage_x": 'rounds until redemption',
        "econ.mortgage_y": 'interest per round, %',
        "econ.mortgage_title": 'A fixed fee is dear for one lap, cheap for ten',
        "econ.deal": 'Mortgage raises {raised}, building costs {cost}; rent changes by {change:+.1f} per round; the fee {fee} is earned back in {even:.1f} rounds: over the mortgage it <b>{verdict}</b> ({gain:+.0f}).',
        "econ.pays": 'pays',
        "econ.does_not_pay": 'does not pay',
        "econ.jackpot_summary": 'Bet {bet} with {box} in the box: expected net {ev:+.2f} per spin ({back:.3f} back per unit bet). The bet has positive expectation once the box holds more than <b>{even:.0f}</b>.',
        "econ.col_outcome": 'outcome',
        "econ.col_symbol": 'symbol',
        "econ.col_probability": 'probability',
        "econ.col_paid": 'paid back',
        "econ.col_net": 'net',
        "econ.jackpot_curve": 'expected return per unit bet',
        "econ.this_bet": 'this bet',
        "econ.simulated": 'simulated',
        "econ.jackpot_x": 'money in the box before the bet',
        "econ.jackpot_y": 'return per unit bet',
        "econ.jackpot_title": 'Bet {bet}: when does the progressive jackpot pay?',
        "econ.name_level": 'Level',
        "econ.name_opponents": 'Opponents',
        "econ.name_rounds": 'Rounds',
        "econ.name_bet": 'The bet',
        "econ.name_box": 'The box',
        "econ.name_spins": 'Spins',
        "econ.bad_whole": '{name}: a whole number from {least} to {most}, got {value}.',
        "econ.bad_whole_open": '{name}: a whole number from {least}, got {value}.',
        "econ.bad_industry": 'Unknown industry {industry}: one of {keys}.',
        "econ.bad_cell": 'Cell {cell} is not a property of this board.',
        "econ.outcome_lose": 'no win',
        "econ.outcome_pair": 'a pair',
        "econ.outcome_three": 'three of a kind',
        "econ.outcome_jackpot": 'jackpot',
        "econ.symbol_cherry": 'cherry',
        "econ.symbol_plum": 'plum',
        "econ.symbol_bell": 'bell',
        "econ.symbol_seven": 'seven',
        # the app
        "app.title": "{board}: play against the bots",
        "app.subtitle": "Choose the language, set up the game, then roll the dice. The bots answer at once.",
        # Millionaire Junior: one die, halves with kiosks, no auctions, a present card
        "table.roll_one": "Roll the die", "table.too_many_players": "{board} is for 2 to {most} players, got {count}.",
        "decision.roll_one": "roll the die", "decision.buy_free": "buy {cell} and put a kiosk on it, or leave it free",
        "decision.manage_plain": "end the turn", "decision.free_half": "choose a free half: it is your present",
        "board.legend_kiosk": "kiosk of the owner", "table.decline_free": "Leave it free",
        # Millionaire Elite: shares, insurance, the Auction cell
        "policy.short_rent": "short-term policy against rent",
        "policy.long_rent": "long-term policy against rent",
        "policy.short_tax": "short-term policy against taxes",
        "policy.long_tax": "long-term policy against taxes",
        "policy.short_auction": "short-term policy against auctions",
        "policy.long_auction": "long-term policy against auctions",
        "policy.short_shares": "short-term policy against a fall of the share price",
        "policy.long_shares": "long-term policy against a fall of the share price",
        "board.share_price": "Share price: {amount}",
        "board.waiting": "On the Auction: {count}",
        "table.buy_shares": "Buy shares: {count} ({amount})",
        "table.sell_shares": "Sell shares: {count} ({amount})",
        "table.buy_policy": "Buy: {policy} ({amount})",
        "table.buy_lot": "Buy {cell} ({amount})",
        "table.skip_market": "Nothing, thanks",
        "table.shares_held": "shares: {count}",
        "decision.exchange": "the share price is {price}: buy or sell shares?",
        "decision.insurance": "buy an insurance policy?",
        "decision.lot": "buy a plot waiting on the Auction?",
    },
    "ru": {
        "board.turn": "Раунд {round} · ходит {player}",
        "board.over": "Игра окончена: победил(а) {winner}",
        "board.fund": "Благотворительный фонд: {amount}",
        "board.box": "Касса Джекпота: {amount}",
        "board.bankrupt": "банкрот",
        "board.detained_share": "{value} в инспекции",
        "board.legend_owner": "владелец",
        "board.legend_branch": "{small}",
        "board.legend_enterprise": "{large}",
        "board.legend_mortgaged": "в залоге",
        # распечатка (millionaire print)
        "print.title": "{board}: распечатай и играй",
        "print.tile": "{board} · лист поля: ряд {row}, столбец {col} из {tiles} × {tiles}. Отрежьте по пунктиру и сложите листы.",
        "print.price": "Цена", "print.industry": "Отрасль", "print.rent_at": "Аренда: {level}",
        "print.build_price": "Каждая постройка стоит", "print.rent_owned": "Аренда, если их у вас {owned}",
        "print.dice_times": "Аренда, если их у вас {owned}: очки", "print.mortgage": "Залог",
        "print.dice_title": "Лист подсчёта: кубики",
        "print.dice_how": "Бросьте два кубика: первый — по строкам, второй — по столбцам; поставьте черту в клетке, где сошлись их грани. Серые клетки — дубли. Потом впишите числа в CSV класса (строки вида кубики).",
        "print.die1": "первый кубик", "print.die2": "второй кубик",
        "print.group": "Группа: ____________   Всего бросков: ________",
        "print.landing_title": "Лист подсчёта: где встают фишки",
        "print.landing_how": "Во время партии ставьте черту у клетки всякий раз, когда на ней встаёт фишка: после броска, после карточки, после перехода. Задержание отмечайте в последней строке. Потом впишите числа в CSV класса (строки вида клетка и задержание).",
        "print.detained_line": "Задержание ({cell})", "print.jail_line": "Отправлен: {cell}",
        "strategy.human": "человек", "strategy.cautious": "осторожный", "strategy.aggressive": "агрессивный",
        "strategy.monopolist": "монополист", "strategy.random": "случайный",
        "table.roll": "Бросить кубики", "table.end_turn": "Закончить ход", "table.buy": "Купить ({price})",
        "table.decline": "Отказаться: аукцион", "table.pass": "Пас", "table.skip": "Пропустить",
        "table.pay_fine": "Заплатить штраф ({fine})", "table.use_jail_card": "Использовать карточку освобождения",
        "table.accept": "Принять", "table.reject": "Отклонить", "table.choose": "{cell}", "table.build": "Строить: {cell}",
        "table.sell": "Продать постройку: {cell}", "table.mortgage": "Заложить {cell} (+{money})",
        "table.redeem": "Выкупить {cell} (−{money})", "table.use_card": "Карточка на участок {cell}", "table.bid": "Ставка",
        "table.bet": "Ставка", "table.offer": "Предложить сделку", "table.do": "Выполнить",
        "table.manage": "Строить, продать, заложить", "table.undo": "Отменить мой ход", "table.bots": "Боты ходят до моего хода",
        "table.auto": "Автоматическая игра", "table.rounds": "Раундов", "table.play_rounds": "Сыграть",
        "table.new": "Новая игра", "table.over": "Игра окончена: победил(а) {winner} ({reason}).",
        "table.to_play": "{player}: {what}", "table.bot_turn": "Следующим ходит {player} (бот): нажмите «{bots}».",
        "table.bots_wait": "Сначала ваше решение: ответьте, потом сходят боты.",
        "table.partner": "Партнёр", "table.give": "Отдаю", "table.take": "Беру", "table.give_cash": "Отдаю денег",
        "table.take_cash": "Беру денег", "table.nothing_to_undo": "Отменять нечего.", "table.players": "Игроков",
        "table.board": "Поле", "table.lang": "Язык", "table.seed": "Номер партии", "table.seat": "Место {seat}",
        "table.cash": "наличные", "table.worth": "капитал", "table.plots": "участки", "table.detained": "в инспекции",
        "table.bankrupt": "банкрот", "table.instant": "Боты отвечают сразу", "table.amount": "Сумма",
        "table.setup": "Новая игра: поле, игроки, места", "table.trade": "Сделка с игроком",
        "table.more": "Ещё: автоигра, отмена хода", "table.log": "Что произошло", "table.your_turn": "Ваш ход",
        "table.choose_partner": "Сначала выберите партнёра.", "table.bad_seed": "Номер партии — число от 0, а не {seed}.",
        "table.bad_players": "Игроков — от 2 до 6, а не {count}.", "table.bad_amount": "Сумма — целое число, а не {value}.",
        "table.bad_partner": "Игрока {partner} для сделки нет.", "table.bad_cells": "Это не участок для сделки: {cells}.",
        "table.bad_rounds": "Раундов — целое число от 1, а не {rounds}.", "table.no_human": "Играют только боты: нажмите «{auto}».",
        "decision.roll": "бросить кубики (или сначала строить, продать, заложить)",
        "decision.manage": "строить, продать или заложить, затем закончить ход",
        "decision.buy": "купить «{cell}» или отправить на аукцион", "decision.bid": "аукцион за «{cell}»: высшая ставка {high}",
        "decision.jackpot": "сыграть в Джекпот?", "decision.choose": "выберите клетку для карточки",
        "decision.raise": "нужно собрать {amount}: продайте или заложите", "decision.trade_reply": "предложена сделка: {trade}",
        "decision.between": "можно строить до следующего хода, затем закончить",
        "decision.building_bid": "в банке не хватает построек: аукцион за постройку на участке «{cell}», высшая ставка {high}",
        "tournament.board": "Поле", "tournament.strategies": "Стратегии:", "tournament.games": "Партий",
        "tournament.seed": "Номер серии", "tournament.run": "Запустить", "tournament.preset": "как в правилах",
        "tournament.strategy": "стратегия", "tournament.rate": "доля побед", "tournament.interval": "95% интервал",
        "tournament.fair": "Справедливая доля — {fair:.0%}. Партий: {games}; медиана длины {median:.0f} раундов; остановлено "
                           "лимитом раундов ({limit}, побеждает самый богатый): {stopped} ({share:.0%}).",
        "tournament.rates_title": "Доля побед с 95% интервалами", "tournament.round": "раунд",
        "tournament.gini": "Джини по капиталу", "tournament.gini_title": "Неравенство по ходу игры",
        "tournament.option_circular_income": "Круговой доход", "tournament.option_monopoly_multiplier": "Множитель монополии",
        "tournament.option_redemption_fee": "Комиссия выкупа", "tournament.option_start_cash": "Стартовые деньги",
        "tournament.progress": "сыграно партий: {done} из {total}",
        "tournament.bad_strategies": "Выберите стратегии из списка: {known}; получено: {got}.",
        "tournament.bad_games": "Партий — целое число от 1 до 10000, а не {games}.",
        "tournament.bad_rule": "{option} = {value} не предлагается; варианты: {allowed}.",
        "tournament.no_strategy": "Отметьте хотя бы одну стратегию.",
        "landing.board": "Поле", "landing.jail": "В Налоговой инспекции", "landing.jail_short": "выходить сразу",
        "landing.jail_long": "сидеть как можно дольше", "landing.view": "Показать", "landing.turns": "Ходов от СТАРТа",
        "landing.long_run": "В пределе", "landing.simulate": "Смоделировать", "landing.rolls": "Бросков",
        "landing.top": "Чаще всего", "landing.exact": "точно (цепь Маркова)", "landing.simulated": "моделирование",
        "landing.detained": "задержан в инспекции", "landing.detained_short": "З",
        "landing.cell_axis": "клетка ({short} — задержан в инспекции)",
        "landing.view_roll": "доля бросков, кончившихся на клетке", "landing.view_turn": "доля ходов, кончившихся на клетке",
        "landing.view_landing": "попаданий за ход",
        "landing.axis_roll": "доля бросков", "landing.axis_turn": "доля ходов", "landing.axis_landing": "за ход",
        "landing.bad_turns": "Ходов — целое число от 0 до {most}, а не {turns}.",
        "landing.bad_choice": "{value} — не из списка: {allowed}.",
        "landing.bad_rolls": "Бросков — целое число от 1000 до 10^8, а не {rolls}.",
        "landing.simulate_long_run": "Моделирование показывает предел: сначала отметьте «{long_run}».",
        "econ.board": 'Поле',
        "econ.industry": 'Отрасль',
        "econ.level": 'Уровень',
        "econ.opponents": 'Соперники',
        "econ.plot": 'Участок',
        "econ.rounds": 'Раунды',
        "econ.bet": 'Ставка',
        "econ.box": 'Касса',
        "econ.spins": 'Вращений',
        "econ.spin": 'Крутить барабаны',
        "econ.invest_summary": '<b>{name}</b>, уровень {level}: вложено {cost}, доход {income:.1f} за раунд, окупается за {payback:.1f} раунда',
        "econ.invest_best": '; лучший следующий шаг с уровня {level} (ещё по постройке на каждом участке): <b>{name}</b> ({rate:.1%} стоимости в раунд)',
        "econ.col_level": 'уровень',
        "econ.col_cost": 'вложено',
        "econ.col_income": 'доход за раунд',
        "econ.col_payback": 'окупаемость, раундов',
        "econ.col_this": 'отдача этого шага',
        "econ.col_next": 'отдача следующего шага',
        "econ.invest_axis": 'окупаемость, раундов',
        "econ.invest_title": 'Окупаемость отраслей на уровне {level}, соперников: {opponents}',
        "econ.mortgage_summary": 'Залог «{name}»: получаете {raised}, выкуп стоит {cost} (комиссия {fee}, {rate:.0%} от ссуды). Выкуп через {rounds} раунд(а/ов): <b>{compound:.2%} за раунд</b> ({simple:.2%} простыми).',
        "econ.mortgage_x": 'раундов до выкупа',
        "econ.mortgage_y": 'процент за раунд, %',
        "econ.mortgage_title": 'Постоянная комиссия дорога на один круг и дёшева на десять',
        "econ.deal": 'Залог даёт {raised}, стройка стоит {cost}; рента меняется на {change:+.1f} за раунд; комиссия {fee} окупается за {even:.1f} раунда: за срок залога это <b>{verdict}</b> ({gain:+.0f}).',
        "econ.pays": 'выгодно',
        "econ.does_not_pay": 'невыгодно',
        "econ.jackpot_summary": 'Ставка {bet}, в кассе {box}: ожидаемый итог {ev:+.2f} за вращение ({back:.3f} на единицу ставки). Ставка выгодна в среднем, когда в кассе больше <b>{even:.0f}</b>.',
        "econ.col_outcome": 'исход',
        "econ.col_symbol": 'символ',
        "econ.col_probability": 'вероятность',
        "econ.col_paid": 'выплата',
        "econ.col_net": 'итог',
        "econ.jackpot_curve": 'ожидаемый возврат на единицу ставки',
        "econ.this_bet": 'эта ставка',
        "econ.simulated": 'моделирование',
        "econ.jackpot_x": 'денег в кассе до ставки',
        "econ.jackpot_y": 'возврат на единицу ставки',
        "econ.jackpot_title": 'Ставка {bet}: когда прогрессивный джекпот выгоден?',
        "econ.name_level": 'Уровень',
        "econ.name_opponents": 'Соперников',
        "econ.name_rounds": 'Раундов',
        "econ.name_bet": 'Ставка',
        "econ.name_box": 'Касса',
        "econ.name_spins": 'Вращений',
        "econ.bad_whole": '{name}: целое число от {least} до {most}, а не {value}.',
        "econ.bad_whole_open": '{name}: целое число от {least}, а не {value}.',
        "econ.bad_industry": 'Нет такой отрасли: {industry}; есть {keys}.',
        "econ.bad_cell": 'Клетка {cell} — не участок этого поля.',
        "econ.outcome_lose": 'без выигрыша',
        "econ.outcome_pair": 'пара',
        "econ.outcome_three": 'три одинаковых',
        "econ.outcome_jackpot": 'джекпот',
        "econ.symbol_cherry": 'вишня',
        "econ.symbol_plum": 'слива',
        "econ.symbol_bell": 'колокольчик',
        "econ.symbol_seven": 'семёрка',
        "app.title": "{board}: игра против ботов",
        "app.subtitle": "Выберите язык, настройте игру и бросайте кубики. Боты отвечают сразу.",
        # Миллионер Джуниор: один кубик, половины с киосками, без аукционов, карточка-подарок
        "table.roll_one": "Бросить кубик", "table.too_many_players": "«{board}» — игра для 2–{most} игроков, а не {count}.",
        "decision.roll_one": "бросить кубик", "decision.buy_free": "купить «{cell}» и поставить киоск или оставить свободной",
        "decision.manage_plain": "закончить ход", "decision.free_half": "выберите свободную половину: это подарок",
        "board.legend_kiosk": "киоск владельца", "table.decline_free": "Оставить свободной",
        "policy.short_rent": "краткосрочный полис от аренды",
        "policy.long_rent": "долгосрочный полис от аренды",
        "policy.short_tax": "краткосрочный полис от налогов",
        "policy.long_tax": "долгосрочный полис от налогов",
        "policy.short_auction": "краткосрочный полис от аукциона",
        "policy.long_auction": "долгосрочный полис от аукциона",
        "policy.short_shares": "краткосрочный полис от падения акций",
        "policy.long_shares": "долгосрочный полис от падения акций",
        "board.share_price": "Стоимость акций: {amount}",
        "board.waiting": "На аукционе: {count}",
        "table.buy_shares": "Купить акции: {count} ({amount})",
        "table.sell_shares": "Продать акции: {count} ({amount})",
        "table.buy_policy": "Купить: {policy} ({amount})",
        "table.buy_lot": "Купить {cell} ({amount})",
        "table.skip_market": "Ничего не нужно",
        "table.shares_held": "акций: {count}",
        "decision.exchange": "стоимость акций {price}: купить или продать акции?",
        "decision.insurance": "купить страховой полис?",
        "decision.lot": "купить участок, ждущий на аукционе?",
    },
}


#: The engine's reasons for refusing a move (``IllegalActionError.reason``), as Russian sentences: a
#: pattern of the English reason and the Russian text with its groups. Cell names in a reason are the
#: board's English names; :func:`refusal` puts the Russian ones in their place.
_REFUSALS_RU: tuple[tuple[str, str], ...] = (
    (r"not enough cash \((\d+) < (\d+)\)", "не хватает денег ({0} < {1})"),
    (r"a bid must be at least (\d+)", "ставка должна быть не меньше {0}"),
    (r"a bid cannot exceed your cash \((\d+)\)", "ставка не может быть больше ваших наличных ({0})"),
    (r"a bet must be at least 1", "ставка должна быть не меньше 1"),
    (r"a bet cannot exceed your cash \((\d+)\)", "ставка не может быть больше ваших наличных ({0})"),
    (r"partner (.+) is not another player", "игрока {0} для сделки нет"),
    (r"the offer is empty", "предложение пустое: ничего не отдаётся и не берётся"),
    (r"a cell is listed twice", "участок указан дважды"),
    (r"a card is listed twice", "карточка указана дважды"),
    (r"(.+) is not a cell", "{0} — не клетка поля"),
    (r"(.+) does not belong to (.+)", "«{0}» не принадлежит игроку {1}"),
    (r"(.+)'s industry has buildings", "в отрасли участка «{0}» есть постройки"),
    (r"(.+) is mortgaged", "«{0}» в залоге"),
    (r"(.+) is bankrupt", "{0} — банкрот"),
    (r"(.+) has only (\d+)", "у игрока {0} только {1}"),
    (r"(.+) cannot pay the mortgage fees \((\d+)\) after the trade",
     "{0} не сможет заплатить комиссию за залог ({1}) после сделки"),
    (r"(.+) does not hold card (.+)", "у игрока {0} нет этой карточки"),
    (r"only release cards may be traded", "обменивать можно только карточки освобождения"),
    (r"at most (\d+) trade offers per turn", "не больше {0} предложений сделки за ход"),
    (r"the game is over", "игра окончена"),
    (r"at most (\d+) shares for your cash", "на ваши деньги можно купить не больше {0} акций"),
    (r"you hold only (\d+) shares", "у вас только {0} акций"),
    (r"you already hold a policy against (.+)", "у вас уже есть такой полис"),
    (r"not enough cash for the premium \((\d+) < (\d+)\)", "не хватает денег на взнос ({0} < {1})"),
)


def refusal(lang: str, reason: str, board: Any = None) -> str:
    """Why the engine refused a move, for the table: the reason itself in English; in Russian, its
    translation (cell names from ``board``), or a plain "not possible now" for a reason not listed.

    >>> refusal("ru", "a bid must be at least 11")
    'Ставка должна быть не меньше 11.'
    >>> refusal("en", "a bid must be at least 11")
    'A bid must be at least 11.'
    """
    check_lang(lang)
    if lang == "en":
        return reason[:1].upper() + reason[1:] + ("" if reason.endswith(".") else ".")
    names = {cell.name_en: cell.name_ru for cell in board.cells} if board is not None else {}
    for pattern, text in _REFUSALS_RU:
        match = re.fullmatch(pattern, reason)
        if match:
            parts = [names.get(part, part) for part in match.groups()]
            sentence = text.format(*parts)
            return sentence[:1].upper() + sentence[1:] + "."
    return "Сейчас этот ход невозможен."


def check_lang(lang: str) -> str:
    """``lang`` if it is one of :data:`LANGS`, else a clear error."""
    if lang not in LANGS:
        raise ValueError(f"lang must be 'en' or 'ru', got {lang!r}")
    return lang


def word(lang: str, key: str, **fields: Any) -> str:
    """The text for ``key`` in ``lang``, with ``fields`` filled in."""
    return WORDS[check_lang(lang)][key].format(**fields)


def strategy_label(lang: str, strategy: str) -> str:
    """A strategy's name as a person reads it (an unknown strategy keeps its own name)."""
    key = f"strategy.{strategy}"
    return WORDS[check_lang(lang)].get(key, strategy)
